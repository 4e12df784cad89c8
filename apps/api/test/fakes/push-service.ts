import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { startFakeServer } from './http-fake.ts';

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export function createBrowserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authB64: auth.toString('base64url'),
  };
}

/** RFC 8291 / 8188 aes128gcm decryption, as the browser does it. */
export function decryptPush(body: Buffer, keys: ReturnType<typeof createBrowserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([
    decipher.update(cipherText.subarray(0, cipherText.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** A push service on 127.0.0.1: accepts pushes for live endpoints, answers 410 for expired ones. */
export async function startFakePushService() {
  const received: Array<{
    path: string;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }> = [];
  const gone = new Set<string>();
  const fake = await startFakeServer(() => ({ status: 201, body: {} }), {
    raw: (path, headers, body) => {
      received.push({ path, headers, body });
      return gone.has(path) ? 410 : 201;
    },
  });
  return { ...fake, received, expire: (path: string) => gone.add(path) };
}
