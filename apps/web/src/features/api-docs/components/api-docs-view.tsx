import {
  Accordion,
  Alert,
  Badge,
  Code,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  groupOperationsByTag,
  resolveSchemaRefs,
  useOpenApiDocument,
  type ApiOperationEntry,
  type HttpMethod,
  type OpenApiDocument,
} from '@/features/api-docs/api/openapi-document';

const METHOD_COLORS: Record<HttpMethod, string> = {
  get: 'blue',
  post: 'teal',
  put: 'orange',
  patch: 'grape',
  delete: 'red',
  options: 'gray',
  head: 'gray',
};

function SchemaBlock({ schema, document }: { schema: unknown; document: OpenApiDocument }) {
  return (
    // Scrolls by itself: focusable, so a keyboard can scroll it too.
    <Code block style={{ maxHeight: 320, overflow: 'auto' }} tabIndex={0}>
      {JSON.stringify(resolveSchemaRefs(schema, document), null, 2)}
    </Code>
  );
}

function OperationDetails({ entry, document }: { entry: ApiOperationEntry; document: OpenApiDocument }) {
  const { operation } = entry;
  const requestContent = Object.entries(operation.requestBody?.content ?? {});
  return (
    <Stack gap="sm">
      {operation.description ? <Text size="sm">{operation.description}</Text> : null}
      {operation.parameters?.length ? (
        <div>
          <Title order={4} size="h6" mb={4}>
            Параметры
          </Title>
          <Table withTableBorder striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Имя</Table.Th>
                <Table.Th>Где</Table.Th>
                <Table.Th>Тип</Table.Th>
                <Table.Th>Обязательный</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {operation.parameters.map((parameter) => (
                <Table.Tr key={`${parameter.in}-${parameter.name}`}>
                  <Table.Td>
                    <Code>{parameter.name}</Code>
                  </Table.Td>
                  <Table.Td>{parameter.in}</Table.Td>
                  <Table.Td>{String(parameter.schema?.type ?? '')}</Table.Td>
                  <Table.Td>{parameter.required ? 'да' : 'нет'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ) : null}
      {requestContent.map(([mediaType, content]) => (
        <div key={mediaType}>
          <Title order={4} size="h6" mb={4}>
            Тело запроса <Code>{mediaType}</Code>
          </Title>
          <SchemaBlock schema={content.schema ?? {}} document={document} />
        </div>
      ))}
      {Object.entries(operation.responses ?? {}).map(([status, response]) => (
        <div key={status}>
          <Group gap="xs" mb={4}>
            <Badge variant="light" color={status.startsWith('2') ? 'teal' : 'red'}>
              {status}
            </Badge>
            <Text size="sm">{response.description}</Text>
          </Group>
          {Object.entries(response.content ?? {}).map(([mediaType, content]) =>
            content.schema ? (
              <SchemaBlock key={mediaType} schema={content.schema} document={document} />
            ) : null,
          )}
        </div>
      ))}
    </Stack>
  );
}

/** API documentation rendered from GET /api/openapi.json: operations by tag, with their schemas. */
export function ApiDocsView() {
  const { data: document, isPending, isError, error } = useOpenApiDocument();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    if (!document) return [];
    const query = search.trim().toLowerCase();
    return groupOperationsByTag(document)
      .map((group) => ({
        ...group,
        operations: group.operations.filter(
          (entry) =>
            !query ||
            entry.path.toLowerCase().includes(query) ||
            (entry.operation.summary ?? '').toLowerCase().includes(query),
        ),
      }))
      .filter((group) => group.operations.length > 0);
  }, [document, search]);

  if (isPending) return <Loader aria-label="Загрузка документации" />;
  if (isError)
    return (
      <Alert color="red" title="Не удалось загрузить документацию">
        {error.message}
      </Alert>
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {document.info?.title ?? 'Документация API'}
        </Title>
        {document.info?.version ? <Text c="dimmed">Версия {document.info.version}</Text> : null}
      </div>
      <TextInput
        label="Поиск по методам"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {groups.map((group) => (
        <section key={group.tag} aria-label={group.tag}>
          <Title order={2} size="h4" mb="xs">
            {group.tag}
          </Title>
          <Accordion variant="separated" multiple>
            {group.operations.map((entry) => (
              <Accordion.Item key={entry.id} value={entry.id}>
                <Accordion.Control>
                  {/* On a phone the summary goes under the path, and a long path wraps at any character. */}
                  <Group gap="xs" wrap="wrap">
                    <Badge color={METHOD_COLORS[entry.method]} w={72} radius="sm" flex="none">
                      {entry.method.toUpperCase()}
                    </Badge>
                    <Code
                      style={{
                        whiteSpace: 'normal',
                        overflowWrap: 'anywhere',
                        overflow: 'visible',
                        minWidth: 0,
                      }}
                    >
                      {entry.path}
                    </Code>
                    <Text size="sm" c="dimmed" truncate miw={0} maw="100%">
                      {entry.operation.summary}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <OperationDetails entry={entry} document={document} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      ))}
    </Stack>
  );
}
