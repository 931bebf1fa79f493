import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body with one file, as a browser sends it to `POST /api/images`: for
 * callers inside the process (seeding demo pictures, tests) that have no FormData to hand.
 */
export function multipartFileBody(file: {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----second-gear-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
        `Content-Type: ${file.contentType}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
