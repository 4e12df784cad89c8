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
    req.on('end', () => {
      answer().catch((error: unknown) => {
        // A fake handler that throws is a broken test: the client gets a 500 rather than hanging, and the error
        // still fails the run as an uncaught exception.
        res.writeHead(500);
        res.end();
        setImmediate(() => {
          throw error;
        });
      });
    });
    const answer = async () => {
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
      const reply = await handler(recorded);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    };
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
