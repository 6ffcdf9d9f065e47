import ipaddr from 'ipaddr.js';

/**
 * Which addresses a server-side fetch of a user-given URL may reach (SSRF, issue 27). Only public unicast: ipaddr.js
 * (kept by the Fastify team, already used by Fastify's proxy-addr) names every special range of IPv4 and IPv6, and
 * anything it does not call `unicast` is refused (loopback, 0/8, RFC 1918, CGNAT, link-local incl. the cloud
 * metadata 169.254.169.254, multicast, 240/4, broadcast, documentation ranges, ::1, ::, fc00::/7, fe80::/10,
 * ff00::/8, 6to4, Teredo…). IPv4 inside IPv6 (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96) is judged as IPv4.
 */
export function enderecoPermitido(endereco: string, op: { permitirLoopback?: boolean } = {}): boolean {
  const texto = endereco.replace(/^\[|\]$/g, '');
  // Only canonical forms: ipaddr.parse also reads "127.1" or "0x7f.1", which no resolver answers.
  if (!ipaddr.IPv4.isValidFourPartDecimal(texto) && !(texto.includes(':') && ipaddr.IPv6.isValid(texto))) return false;
  const ip = ipaddr.parse(texto);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    const faixa = v6.range();
    if (faixa === 'ipv4Mapped') return enderecoPermitido(v6.toIPv4Address().toString(), op);
    const p = v6.parts;
    // NAT64 well-known prefix: the IPv4 address is the last 32 bits (RFC 6052); 64:ff9b:1::/48 is local use.
    if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0)) {
      return enderecoPermitido(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString(), op);
    }
    // Deprecated IPv4-compatible ::a.b.c.d (ipaddr.js calls it unicast): never a public server.
    if (p.slice(0, 6).every((x) => x === 0)) return !!op.permitirLoopback && faixa === 'loopback';
    if (faixa === 'loopback') return !!op.permitirLoopback;
    return faixa === 'unicast';
  }
  // The test-only allowance lets exactly 127.0.0.1 through, not the rest of 127/8.
  if (texto === '127.0.0.1') return !!op.permitirLoopback;
  return ip.range() === 'unicast';
}

/** Host names that always mean this machine or a cloud metadata service, whatever a resolver says. */
const NOMES_INTERNOS = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
  'metadata.tencentyun.com',
]);

/** A name refused before any resolution: the names above and the special-use suffixes .localhost, .local, .internal. */
export function nomeInterno(host: string): boolean {
  const nome = host.toLowerCase().replace(/\.+$/, '');
  return NOMES_INTERNOS.has(nome) || /\.(localhost|local|internal)$/.test(nome);
}

/** The host of a URL as an address when it is one (URL keeps IPv6 in brackets), else null. */
export function hostComoEndereco(host: string): string | null {
  const texto = host.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(texto) ? texto : null;
}
