import { escaparXml } from '@intermedio/contracts';

/** A SOAP 1.1 answer envelope, as ASMX services write it. */
export const respostaSoap = (conteudo: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${conteudo}</soap:Body></soap:Envelope>`;

export const falhaSoap = (mensagem: string) =>
  respostaSoap(`<soap:Fault><faultcode>soap:Server</faultcode><faultstring>${escaparXml(mensagem)}</faultstring></soap:Fault>`);
