import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local S3-compatible server that speaks enough of the protocol for the storage tests: browser
 * POST uploads checked against their signed policy the way S3 checks them (signature, expiry,
 * every condition, content-length-range), ranged GET, HEAD and DELETE of objects (path-style).
 * Its clock can be moved to test expiry.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  advanceSeconds(seconds: number): void;
  close(): Promise<void>;
}

type Condition = Record<string, string> | [string, string | number, string | number];

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function xmlError(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  async function handlePost(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: new Uint8Array(body),
    }).formData();
    const fields = new Map<string, string>();
    for (const [name, value] of form.entries())
      if (typeof value === 'string') fields.set(name.toLowerCase(), value);
    const file = form.get('file');
    if (!(file instanceof Blob))
      return xmlError(response, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const policyBase64 = fields.get('policy') ?? '';
    const credential = fields.get('x-amz-credential') ?? '';
    const [accessKeyId, date, region, service] = credential.split('/');
    if (accessKeyId !== options.accessKeyId)
      return xmlError(response, 403, 'InvalidAccessKeyId', 'Unknown key.');
    const signingKey = hmac(
      hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date!), region!), service!),
      'aws4_request',
    );
    const expected = createHmac('sha256', signingKey).update(policyBase64).digest('hex');
    if (expected !== fields.get('x-amz-signature')) {
      return xmlError(
        response,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match.',
      );
    }
    const policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: Condition[];
    };
    if (Date.parse(policy.expiration) < now()) {
      return xmlError(response, 403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    }
    const size = file.size;
    const values = new Map(fields);
    values.set('bucket', options.bucket);
    for (const condition of policy.conditions) {
      if (!Array.isArray(condition)) {
        for (const [name, value] of Object.entries(condition)) {
          if (values.get(name.toLowerCase()) !== value) {
            return xmlError(
              response,
              403,
              'AccessDenied',
              `Invalid according to Policy: Policy Condition failed: ${name}`,
            );
          }
        }
        continue;
      }
      const [operator, first, second] = condition;
      if (operator === 'content-length-range') {
        if (size < Number(first))
          return xmlError(
            response,
            400,
            'EntityTooSmall',
            'Your proposed upload is smaller than the minimum allowed size',
          );
        if (size > Number(second))
          return xmlError(
            response,
            400,
            'EntityTooLarge',
            'Your proposed upload exceeds the maximum allowed size',
          );
        continue;
      }
      const name = String(first).replace(/^\$/, '').toLowerCase();
      const actual = values.get(name) ?? '';
      const isMet =
        operator === 'eq'
          ? actual === second
          : operator === 'starts-with'
            ? actual.startsWith(String(second))
            : false;
      if (!isMet)
        return xmlError(
          response,
          403,
          'AccessDenied',
          `Invalid according to Policy: Policy Condition failed: ${name}`,
        );
    }
    const key = fields.get('key');
    if (!key)
      return xmlError(response, 400, 'InvalidArgument', 'Bucket POST must contain a field named key.');
    objects.set(key, {
      body: Buffer.from(await file.arrayBuffer()),
      contentType: fields.get('content-type') ?? 'binary/octet-stream',
    });
    response.writeHead(204);
    response.end();
  }

  function handleObject(request: IncomingMessage, response: ServerResponse, key: string) {
    const object = objects.get(key);
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    if (!object) return xmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = Math.min(Number(range[2]), object.body.length - 1);
      const part = object.body.subarray(start, end + 1);
      response.writeHead(206, {
        'content-type': object.contentType,
        'content-length': part.length,
        'content-range': `bytes ${start}-${end}/${object.body.length}`,
      });
      return response.end(request.method === 'HEAD' ? undefined : part);
    }
    response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
    response.end(request.method === 'HEAD' ? undefined : object.body);
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const [bucket, ...rest] = url.pathname.slice(1).split('/');
    if (bucket !== options.bucket)
      return xmlError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (request.method === 'POST' && rest.length === 0) {
      handlePost(request, response).catch((error) => xmlError(response, 500, 'InternalError', String(error)));
      return;
    }
    handleObject(request, response, decodeURIComponent(rest.join('/')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    advanceSeconds: (seconds) => {
      offsetMs += seconds * 1000;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
