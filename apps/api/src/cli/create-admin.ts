import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { EmailSchema } from '@app/contracts';
import { ConfigError, loadConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { openDatabase } from '../runtime.ts';

/** `npm run create-admin -- --email E`: creates (or promotes) an ADMIN. Password from ADMIN_PASSWORD or a prompt. */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = EmailSchema.safeParse(values.email ?? '');
  if (!email.success) {
    console.error(
      'Usage: npm run create-admin -- --email admin@example.ru   (password from ADMIN_PASSWORD or prompt)',
    );
    process.exit(2);
  }
  let password = process.env.ADMIN_PASSWORD ?? '';
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question('Password (min 8 characters): ');
    rl.close();
  }
  if (password.length < 8) {
    console.error('Пароль должен содержать минимум 8 символов');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const passwordHash = await hashPassword(password);
  await database.db
    .insert(users)
    .values({ email: email.data, role: 'ADMIN', passwordHash })
    .onConflictDoUpdate({ target: users.email, set: { role: 'ADMIN', passwordHash } });
  await database.close();
  console.log(`ADMIN ${email.data} is ready.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
