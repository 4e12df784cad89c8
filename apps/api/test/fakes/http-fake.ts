import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export type RecordedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
};
export type FakeHandler = (
  request: RecordedRequest,
) => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** A small HTTP server on 127.0.0.1 that records requests and answers like a provider's API. */
export async function startFakeServer(
  handler: FakeHandler,
  options: { raw?: (path: string, headers: IncomingMessage['headers'], body: Buffer) => number } = {},
) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (options.raw) {
        res.writeHead(options.raw(req.url ?? '/', req.headers, Buffer.concat(chunks)));
        res.end();
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: raw ? JSON.parse(raw) : null,
      };
      requests.push(recorded);
      const answer = await handler(recorded);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
