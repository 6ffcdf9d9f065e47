// The part of autocannon's API the benches use (the package ships no types; @types/autocannon is not a dependency).
declare module 'autocannon' {
  type Pedido = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body?: string };
  type Opcoes = { url: string; connections: number; duration: number; headers?: Record<string, string>; requests?: Pedido[] };
  type Resultado = {
    latency: { p50: number; p99: number };
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  };
  export default function autocannon(opcoes: Opcoes): Promise<Resultado>;
}
