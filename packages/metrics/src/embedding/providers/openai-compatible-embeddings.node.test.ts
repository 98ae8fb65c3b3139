import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddingProviderError } from './embedding-provider';
import { OpenAiCompatibleEmbeddings } from './openai-compatible-embeddings';

/** Deterministic 3-d vector of a text, so replies can be checked. */
const vectorOf = (text: string) => [text.length, text.charCodeAt(0) || 0, 1];

type Behaviour = (body: { input: string[]; model: string }, req: IncomingMessage, res: ServerResponse, call: number) => boolean;

/** A real HTTP server on 127.0.0.1 speaking the OpenAI embeddings protocol, with scriptable faults. */
class FakeEmbeddingsServer {
  private server!: Server;
  url = '';
  calls = 0;
  inFlight = 0;
  maxInFlight = 0;
  batchSizes: number[] = [];
  authHeaders: (string | undefined)[] = [];
  behaviour: Behaviour = () => false;
  delayMs = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => void this.handle(req, res, raw));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  reset(): void {
    Object.assign(this, { calls: 0, inFlight: 0, maxInFlight: 0, batchSizes: [], authHeaders: [], behaviour: () => false, delayMs: 0 });
  }

  private async handle(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    const call = this.calls++;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const body = JSON.parse(raw) as { input: string[]; model: string };
      this.authHeaders.push(req.headers.authorization);
      if (req.url !== '/v1/embeddings' || req.method !== 'POST') {
        res.writeHead(404).end('not found');
        return;
      }
      await new Promise((r) => setTimeout(r, this.delayMs));
      if (this.behaviour(body, req, res, call)) return;
      this.batchSizes.push(body.input.length);
      // Reply in reverse order: the client must reorder by `index`.
      const data = body.input.map((t, index) => ({ object: 'embedding', index, embedding: vectorOf(t) })).reverse();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: body.model }));
    } finally {
      this.inFlight--;
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

const server = new FakeEmbeddingsServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

const texts = Array.from({ length: 23 }, (_, i) => `text number ${i}`);
const fast = { initialBackoffMs: 1, maxBackoffMs: 5 };

describe('OpenAiCompatibleEmbeddings against a loopback server', () => {
  it('batches, bounds concurrency, reorders by index and sends the key', async () => {
    server.reset();
    server.delayMs = 20;
    const client = new OpenAiCompatibleEmbeddings({ baseUrl: server.url, model: 'm', apiKey: 'k', batchSize: 5, concurrency: 2 });
    const out = await client.embed(texts);
    expect(out).toEqual(texts.map(vectorOf));
    expect(server.batchSizes.slice().sort((a, b) => a - b)).toEqual([3, 5, 5, 5, 5]);
    expect(server.maxInFlight).toBeLessThanOrEqual(2);
    expect(server.authHeaders.every((h) => h === 'Bearer k')).toBe(true);
  });

  it('retries 429 (Retry-After) and 503, then succeeds', async () => {
    server.reset();
    server.behaviour = (_b, _req, res, call) => {
      if (call === 0) return res.writeHead(429, { 'retry-after': '0' }).end('slow down'), true;
      if (call === 1) return res.writeHead(503).end('busy'), true;
      return false;
    };
    const client = new OpenAiCompatibleEmbeddings({ baseUrl: server.url, model: 'm', ...fast });
    expect(await client.embed(['a', 'bb'])).toEqual([vectorOf('a'), vectorOf('bb')]);
    expect(server.calls).toBe(3);
  });

  it('times out each attempt and gives up after maxRetries', async () => {
    server.reset();
    server.delayMs = 300;
    const client = new OpenAiCompatibleEmbeddings({ baseUrl: server.url, model: 'm', timeoutMs: 50, maxRetries: 1, ...fast });
    const error = await client.embed(['a']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingProviderError);
    expect((error as EmbeddingProviderError).attempts).toBe(2);
    expect((error as Error).message).toMatch(/timed out after 50 ms/);
  });

  it('does not retry a 400 and reports malformed replies', async () => {
    server.reset();
    server.behaviour = (_b, _req, res) => (res.writeHead(400).end('{"error":"bad model"}'), true);
    const client = new OpenAiCompatibleEmbeddings({ baseUrl: server.url, model: 'm', ...fast });
    const error = (await client.embed(['a']).catch((e: unknown) => e)) as EmbeddingProviderError;
    expect(error.status).toBe(400);
    expect(server.calls).toBe(1);

    server.reset();
    server.behaviour = (b, _req, res) => (res.writeHead(200).end(JSON.stringify({ data: b.input.slice(1).map((_, index) => ({ index, embedding: [1] })) })), true);
    await expect(client.embed(['a', 'b'])).rejects.toThrow(/expected `data` with 2 embeddings/);
  });

  it('returns nothing for no texts and validates options', async () => {
    server.reset();
    expect(await new OpenAiCompatibleEmbeddings({ baseUrl: server.url, model: 'm' }).embed([])).toEqual([]);
    expect(server.calls).toBe(0);
    expect(() => new OpenAiCompatibleEmbeddings({ baseUrl: 'ftp://x', model: 'm' })).toThrow(/'baseUrl' option/);
    expect(() => new OpenAiCompatibleEmbeddings({ baseUrl: server.url, model: 'm', concurrency: 0 })).toThrow(/'concurrency' option/);
  });
});
