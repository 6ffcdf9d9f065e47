import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin reverse proxy (node:http) in front of the instances, as a load balancer would be: each request
 * goes to the next instance, bodies streamed both ways (SSE, uploads). `retirar` takes an instance out of the rotation,
 * as the balancer's health check does once it stops answering.
 */
export async function subirProxy(instancias: string[]) {
  const ativas = instancias.map((i) => new URL(i));
  let vez = 0;
  const servidor = http.createServer((req, res) => {
    const alvo = ativas[vez++ % ativas.length] as URL;
    const saida = http.request(
      {
        host: alvo.hostname,
        port: alvo.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    saida.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => saida.destroy());
    req.pipe(saida);
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  return {
    base: `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`,
    retirar(instancia: string) {
      const i = ativas.findIndex((a) => a.origin === new URL(instancia).origin);
      if (i >= 0) ativas.splice(i, 1);
    },
    fechar: () =>
      new Promise<void>((ok) => {
        servidor.closeAllConnections();
        servidor.close(() => ok());
      }),
  };
}
