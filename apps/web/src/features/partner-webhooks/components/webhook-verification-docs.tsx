import { Code, List, Stack, Table, Text, Title } from '@mantine/core';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS, WEBHOOK_LIMITS } from '@app/contracts';

const REPLAY_MINUTES = WEBHOOK_LIMITS.replayWindowSeconds / 60;

/** A receiver in Node.js (no dependencies): the raw body, the signature compared in constant time, 5 minutes. */
export const NODE_VERIFICATION_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.WEBHOOK_SECRET; // whsec_…, выдан при создании адреса
const TOLERANCE_SECONDS = ${WEBHOOK_LIMITS.replayWindowSeconds};

function isValid(rawBody, headers) {
  const timestamp = headers['${WEBHOOK_HEADERS.timestamp.toLowerCase()}'];
  const signature = headers['${WEBHOOK_HEADERS.signature.toLowerCase()}'] ?? '';
  if (!/^\\d+$/.test(timestamp ?? '')) return false;
  // Защита от повтора: старое событие с верной подписью не принимаем.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected =
    'v1=' + createHmac('sha256', SECRET).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const rawBody = Buffer.concat(chunks).toString('utf8'); // подпись — над телом как есть
    if (!isValid(rawBody, req.headers)) {
      res.writeHead(400).end();
      return;
    }
    const event = JSON.parse(rawBody);
    // event.id одинаков у всех повторов: обработайте событие один раз.
    console.log(event.type, event.data);
    res.writeHead(200).end();
  });
}).listen(3000);`;

/**
 * How an integrator checks that a webhook came from us (decision 071): the headers, the signed string, the replay
 * window, a Node.js example. Shown on /partner/integrator/webhooks; the documentation page links here.
 */
export function WebhookVerificationDocs() {
  return (
    <Stack gap="sm" id="webhook-verification">
      <Title order={2} size="h4">
        Как проверить подпись
      </Title>
      <Text size="sm">
        Каждое событие приходит POST-запросом с JSON-телом{' '}
        <Code>{'{ "id", "type", "createdAt", "data" }'}</Code> и заголовками:
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          <Code>{WEBHOOK_HEADERS.id}</Code> — идентификатор события; одинаков у всех повторных отправок, по
          нему отсекайте дубли.
        </List.Item>
        <List.Item>
          <Code>{WEBHOOK_HEADERS.timestamp}</Code> — время отправки, секунды Unix.
        </List.Item>
        <List.Item>
          <Code>{WEBHOOK_HEADERS.signature}</Code> — <Code>v1=</Code> и HMAC-SHA256 в hex от строки{' '}
          <Code>{'<timestamp>.<тело запроса>'}</Code>; ключ — секрет адреса целиком, вместе с{' '}
          <Code>whsec_</Code>.
        </List.Item>
      </List>
      <Text size="sm">
        Считайте подпись над телом ровно в том виде, в каком оно пришло (до разбора JSON), сравнивайте её за
        постоянное время (<Code>crypto.timingSafeEqual</Code>) и отклоняйте события старше {REPLAY_MINUTES}{' '}
        минут. Ответьте кодом 2xx в течение {WEBHOOK_LIMITS.timeoutSeconds} секунд; перенаправления не
        выполняются. Иначе мы повторим отправку с растущей паузой — всего до {WEBHOOK_LIMITS.attemptsMax}{' '}
        попыток; после {WEBHOOK_LIMITS.failuresToDisable} недоставленных событий подряд адрес отключается, и
        мы пишем вам на e-mail. После смены секрета новые отправки подписываются новым секретом сразу.
      </Text>
      <Code block aria-label="Пример проверки подписи на Node.js" style={{ overflowX: 'auto' }}>
        {NODE_VERIFICATION_EXAMPLE}
      </Code>
      <Table.ScrollContainer minWidth={360}>
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Событие</Table.Th>
              <Table.Th>Когда приходит</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Table.Tr key={type}>
                <Table.Td>
                  <Code>{type}</Code>
                </Table.Td>
                <Table.Td>{WEBHOOK_EVENT_LABELS[type]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm">
        В событиях заказа — номер, статус, суммы, языки, способ получения и источник привязки; контактных
        данных клиента в них нет.
      </Text>
    </Stack>
  );
}
