// A webhook receiver for Second Gear, to start from: it checks every delivery's signature with
// the standardwebhooks package (which also refuses a timestamp more than 5 minutes away, so a
// captured delivery cannot be replayed later), handles each message once by its webhook-id, and
// answers quickly.
//
//   npm install standardwebhooks
//   WEBHOOK_SECRET=whsec_... PORT=8080 node webhook-receiver.mjs
//
// The secret is the one POST /api/webhooks answered when the endpoint was registered.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('Set WEBHOOK_SECRET to the endpoint’s signing secret (whsec_...).');
  process.exit(1);
}
const webhook = new Webhook(secret);
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8080);

// Deliveries come at least once: the same message may come again (a retry after a lost answer,
// a replay), always with the same webhook-id. Keep the ids handled; a real receiver keeps them
// where it keeps the data, in the same transaction.
const handled = new Set();

/** What this receiver does with a car event: here, it prints it. */
const handle = (message) => {
  console.log(`${message.type} of car ${message.carId} at position ${message.position}`);
};

const server = createServer((request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size > 1024 * 1024) request.destroy();
    else chunks.push(chunk);
  });
  request.on('end', () => {
    // Verify the bytes as they came, before parsing anything.
    const body = Buffer.concat(chunks).toString('utf8');
    let message;
    try {
      message = webhook.verify(body, request.headers);
    } catch (error) {
      console.error(`refused a delivery: ${error.message}`);
      response.writeHead(401, { 'content-type': 'text/plain' }).end('invalid signature');
      return;
    }
    const id = request.headers['webhook-id'];
    if (!handled.has(id)) {
      handle(message);
      handled.add(id);
    }
    // Any 2xx tells Second Gear the message arrived; anything else is tried again later.
    response.writeHead(204).end();
  });
});

server.listen(port, host, () => {
  const address = server.address();
  console.log(`listening on http://${host}:${address.port}`);
});
