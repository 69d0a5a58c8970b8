import { createHmac } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { agentGraphSchema } from '../../../../../shared/schemas/agent-graph';
import { apiSnippet, exampleInput, SNIPPET_KINDS, webhookCurl } from './snippets';

const fields = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [
    {
      id: 'start',
      type: 'start',
      position: { x: 0, y: 0 },
      data: {
        mode: 'fields',
        inputs: [
          { name: 'who', type: 'string' },
          { name: 'n', type: 'number' },
          { name: 'ok', type: 'boolean' },
          { name: 'extra', type: 'json' },
        ],
      },
    },
  ],
  edges: [],
});
const chat = agentGraphSchema.parse({
  schemaVersion: 1,
  nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { mode: 'chat' } }],
  edges: [],
});
const ctx = {
  origin: 'https://meridian.example',
  agentId: 'a1',
  slug: 'greeter',
  input: { who: "O'Brien", n: 1, ok: true, extra: null },
};

describe('Triggers tab examples', () => {
  it('makes an example input from the start step', () => {
    expect(exampleInput(fields)).toEqual({ who: 'text', n: 1, ok: true, extra: {} });
    expect(exampleInput(chat)).toEqual({ message: 'Hello', history: [] });
  });

  it('never holds a key, only the environment variable', () => {
    for (const kind of SNIPPET_KINDS) {
      expect(apiSnippet(kind, ctx)).toContain('MERIDIAN_API_KEY');
      expect(apiSnippet(kind, ctx)).not.toMatch(/mk_[A-Za-z0-9]/);
    }
    expect(apiSnippet('python', ctx)).toContain('"ok": True');
    expect(apiSnippet('python', ctx)).toContain('"extra": None');
    expect(apiSnippet('openaiPython', ctx)).toContain('model="agent:greeter"');
  });

  it('quotes the curl body for the shell, so the sent body is the JSON itself', () => {
    const curl = apiSnippet('curl', ctx);
    const quoted = curl.slice(curl.indexOf("-d '") + 3);
    const body = execFileSync('sh', ['-c', `printf '%s' ${quoted}`], { encoding: 'utf8' });
    expect(JSON.parse(body)).toEqual({ input: ctx.input });
  });

  it('signs the webhook example as the server checks it', () => {
    const script = webhookCurl('https://x.example/api/hooks/a1/t', { a: "it's" }, true);
    const [bodyLine, signatureLine] = script.split('\n');
    const run = `${bodyLine}\n${signatureLine}\nprintf '%s\\n%s' "$BODY" "$SIGNATURE"`;
    const [body, signature] = execFileSync('sh', ['-c', run], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', WEBHOOK_SECRET: 's3cret' },
    }).split('\n');
    expect(JSON.parse(body!)).toEqual({ a: "it's" });
    expect(signature).toBe(createHmac('sha256', 's3cret').update(body!).digest('hex'));
    expect(script).toContain('X-Meridian-Signature: sha256=$SIGNATURE');
  });
});
