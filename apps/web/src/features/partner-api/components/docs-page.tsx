import { Anchor, Badge, Card, Code, List, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES, PARTNER_API_DEFAULT_RATE_LIMIT } from '@app/contracts';
import { AdminPageHeader } from '@/components/admin-list';
import { LoadError } from '@/components/load-error';
import { useOpenApiDocument } from '../api/openapi';
import {
  curlExample,
  type DocOperation,
  fieldsOf,
  nodeExample,
  partnerOperations,
  typeOf,
} from '../model/openapi-docs';

const origin = () => (typeof window === 'undefined' ? 'https://example.ru' : window.location.origin);

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Example({ label, code }: { label: string; code: string }) {
  return (
    <Code block aria-label={label} style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
      {code}
    </Code>
  );
}

function Operation({ operation }: { operation: DocOperation }) {
  const fields = fieldsOf(operation.body);
  const parameters = operation.parameters.filter((parameter) => parameter.in !== 'header');
  const responses = Object.entries(operation.operation.responses ?? {});
  return (
    <Stack gap="sm" component="article" aria-labelledby={operation.id} data-testid="api-operation">
      <Title order={3} size="h4" id={operation.id} ff="monospace" style={{ wordBreak: 'break-all' }}>
        <Badge
          component="span"
          variant="filled"
          color={operation.method === 'GET' ? 'blue.8' : 'teal.9'}
          radius="sm"
          mr="xs"
          style={{ verticalAlign: 'middle' }}
        >
          {operation.method}
        </Badge>{' '}
        {operation.path}
      </Title>
      <Text fw={600}>{operation.operation.summary}</Text>
      {operation.operation.description ? <Text size="sm">{operation.operation.description}</Text> : null}
      <Text size="sm">
        Право ключа:{' '}
        {operation.scope ? <Code>{operation.scope}</Code> : 'любое (подходит любой действующий ключ)'}
      </Text>
      {parameters.length > 0 ? (
        <Table.ScrollContainer minWidth={420}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Параметр</Table.Th>
                <Table.Th>Где</Table.Th>
                <Table.Th>Тип</Table.Th>
                <Table.Th>Обязателен</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parameters.map((parameter) => (
                <Table.Tr key={`${parameter.in}-${parameter.name}`}>
                  <Table.Td ff="monospace">{parameter.name}</Table.Td>
                  <Table.Td>{parameter.in === 'path' ? 'путь' : 'строка запроса'}</Table.Td>
                  <Table.Td>{parameter.schema ? typeOf(parameter.schema) : ''}</Table.Td>
                  <Table.Td>{parameter.required ? 'да' : 'нет'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {fields.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Поле тела запроса</Table.Th>
                <Table.Th>Тип</Table.Th>
                <Table.Th>Обязательно</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field.name}>
                  <Table.Td ff="monospace">{field.name}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{field.type}</Table.Td>
                  <Table.Td>{field.required ? 'да' : 'нет'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <Tabs defaultValue="curl" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="curl">curl</Tabs.Tab>
          <Tabs.Tab value="node">Node.js (fetch)</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="curl" pt="xs">
          <Example
            label={`Пример curl: ${operation.method} ${operation.path}`}
            code={curlExample(operation, origin())}
          />
        </Tabs.Panel>
        <Tabs.Panel value="node" pt="xs">
          <Example
            label={`Пример Node.js: ${operation.method} ${operation.path}`}
            code={nodeExample(operation, origin())}
          />
        </Tabs.Panel>
      </Tabs>
      <List size="sm" spacing={2}>
        {responses.map(([status, response]) => (
          <List.Item key={status}>
            <Code>{status}</Code> —{' '}
            {response.description === 'Default Response' ? 'успешный ответ' : response.description}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * /partner/integrator/docs: getting started, authentication, every partner API operation (read from the app's own
 * OpenAPI document, tag «Partner API»), errors and limits, and the webhooks section (`webhooks`: the webhooks
 * feature's own verification docs, composed by the page; a link to the webhooks page otherwise).
 */
export function IntegratorDocsPage({ webhooks }: { webhooks?: ReactNode }) {
  const document = useOpenApiDocument();
  const operations = document.data ? partnerOperations(document.data) : [];
  const base = origin();
  return (
    <Stack gap="lg">
      <AdminPageHeader title="Документация для интеграции" />
      <Section id="docs-start" title="Начало работы">
        <List type="ordered" spacing="xs">
          <List.Item>
            Создайте ключ на странице{' '}
            <Anchor component={Link} to="/partner/integrator/api-keys">
              «API-ключи»
            </Anchor>{' '}
            и сразу сохраните его: полный ключ показывается один раз.
          </List.Item>
          <List.Item>
            Получите параметры формы (<Code>GET /api/v1/partner/form-params</Code>): id документов, заверений,
            способов доставки и коды языков.
          </List.Item>
          <List.Item>
            Рассчитайте цену (<Code>POST /api/v1/partner/quote</Code>) — она та же, что на сайте.
          </List.Item>
          <List.Item>
            Создайте заказ (<Code>POST /api/v1/partner/orders</Code>) с заголовком{' '}
            <Code>Idempotency-Key</Code> и следите за его статусом (
            <Code>GET /api/v1/partner/orders/&lt;id&gt;</Code>) или подпишитесь на вебхуки.
          </List.Item>
        </List>
        <Text size="sm">
          Адрес API: <Code>{base}/api/v1/partner/</Code>. Запросы и ответы — JSON в UTF-8, суммы — в рублях,
          даты — ISO 8601. Машиночитаемое описание:{' '}
          <Anchor href="/api/openapi.json" target="_blank" rel="noopener">
            OpenAPI
          </Anchor>{' '}
          (тег «Partner API»).
        </Text>
      </Section>

      <Section id="docs-auth" title="Аутентификация">
        <Text size="sm">
          Передавайте ключ в заголовке <Code>Authorization: Bearer pk_live_…</Code> или{' '}
          <Code>X-Api-Key: pk_live_…</Code>. Ключ — только для вашего сервера: не вставляйте его в код страниц
          и мобильных приложений.
        </Text>
        <Table.ScrollContainer minWidth={360}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Право</Table.Th>
                <Table.Th>Что разрешает</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {API_KEY_SCOPES.map((scope) => (
                <Table.Tr key={scope}>
                  <Table.Td ff="monospace">{scope}</Table.Td>
                  <Table.Td>{API_KEY_SCOPE_LABELS[scope]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm">
          Ключу можно задать список разрешённых IP-адресов и диапазонов CIDR: запросы с других адресов получат
          403. Отозванный ключ перестаёт работать сразу (401). Заказы, созданные через API, закрепляются за
          вами: по ним начисляется комиссия по правилам партнёрской программы.
        </Text>
      </Section>

      <Section id="docs-endpoints" title="Методы API">
        {document.isError ? <LoadError title="Не удалось загрузить описание API" query={document} /> : null}
        {document.isPending ? <Text size="sm">Загружаем описание API…</Text> : null}
        <Stack gap="xl">
          {operations.map((operation) => (
            <Operation key={operation.id} operation={operation} />
          ))}
        </Stack>
      </Section>

      <Section id="docs-errors" title="Ошибки и лимиты">
        <Text size="sm">Любая ошибка приходит в одном формате, сообщение — по-русски:</Text>
        <Code block>
          {JSON.stringify(
            {
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              message: 'Выберите хотя бы один документ',
              details: [{ path: 'body.documentsWithQuantity', message: 'Выберите хотя бы один документ' }],
            },
            null,
            2,
          )}
        </Code>
        <List size="sm" spacing={4}>
          <List.Item>
            <Code>400</Code> — ошибка в запросе (по полям в <Code>details</Code>) или нет заголовка{' '}
            <Code>Idempotency-Key</Code>.
          </List.Item>
          <List.Item>
            <Code>401</Code> — ключ не передан, неизвестен или отозван.
          </List.Item>
          <List.Item>
            <Code>403</Code> — у ключа нет нужного права, запрос с неразрешённого IP или партнёр не активен.
          </List.Item>
          <List.Item>
            <Code>404</Code> — заказ не найден (видны только заказы, созданные вашими ключами).
          </List.Item>
          <List.Item>
            <Code>409</Code> — этот <Code>Idempotency-Key</Code> уже использован для заказа с другим телом.
          </List.Item>
          <List.Item>
            <Code>429</Code> — превышен лимит: {PARTNER_API_DEFAULT_RATE_LIMIT} запросов в минуту на ключ.
            Подождите столько секунд, сколько указано в заголовке <Code>Retry-After</Code>.
          </List.Item>
        </List>
        <Text size="sm">
          Повторяйте неудачный запрос создания заказа с тем же <Code>Idempotency-Key</Code> и тем же телом: вы
          получите уже созданный заказ (200), второго заказа не будет. Для нового заказа берите новый ключ
          идемпотентности.
        </Text>
      </Section>

      <Section id="docs-webhooks" title="Вебхуки">
        {webhooks ?? (
          <Text size="sm">
            Чтобы узнавать о новых заказах, оплатах и комиссиях сразу, подключите вебхуки на странице{' '}
            <Anchor component={Link} to="/partner/integrator/webhooks">
              «Вебхуки»
            </Anchor>
            .
          </Text>
        )}
      </Section>
    </Stack>
  );
}
