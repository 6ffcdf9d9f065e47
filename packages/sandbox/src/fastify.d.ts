// The host server guards every route by `config.acesso` and documents it unless `schema.hide`; the sandboxes
// declare both (public, hidden from the API document) without depending on the server's code.
import 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    acesso?: string;
  }
  interface FastifySchema {
    hide?: boolean;
  }
}
