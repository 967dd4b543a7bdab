// Requests Node's HTTP parser refuses before Fastify sees them (malformed HTTP, bytes past a declared
// Content-Length, a header block too large, a timeout) answer the contract's JSON { message } too, instead
// of Fastify's { error, message: 'Client Error', statusCode }.
import http from 'node:http';
import type { Socket } from 'node:net';

const ANSWERS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = ANSWERS[err.code ?? ''] ?? [400, 'The request is not valid HTTP'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
