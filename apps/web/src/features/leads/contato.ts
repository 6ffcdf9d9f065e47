/**
 * Phone links of a lead (issue 26): the channels send the phone as digits with the area code (DDD), sometimes with
 * the country code 55. Brazilian numbers have 10 (landline) or 11 (mobile) digits after the country code.
 */
export function digitosNacionais(telefone: string | null | undefined): string | null {
  const d = (telefone ?? '').replace(/\D/g, '');
  const nacional = d.length > 11 && d.startsWith('55') ? d.slice(2) : d;
  return nacional.length === 10 || nacional.length === 11 ? nacional : null;
}

/** `tel:+55…` (tap to call), or null when the phone is not a Brazilian number. */
export function linkTelefone(telefone: string | null | undefined): string | null {
  const n = digitosNacionais(telefone);
  return n ? `tel:+55${n}` : null;
}

/** `https://wa.me/55…` (WhatsApp's click-to-chat), or null when the phone is not a Brazilian number. */
export function linkWhatsapp(telefone: string | null | undefined): string | null {
  const n = digitosNacionais(telefone);
  return n ? `https://wa.me/55${n}` : null;
}

/** (11) 98765-4321 / (11) 3456-7890; other numbers as received. */
export function formatarTelefone(telefone: string | null | undefined): string {
  const n = digitosNacionais(telefone);
  if (!n) return telefone ?? '';
  const meio = n.length === 11 ? 7 : 6;
  return `(${n.slice(0, 2)}) ${n.slice(2, meio)}-${n.slice(meio)}`;
}
