import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type Mensagem = { para: string; assunto: string; texto: string; html?: string };
export interface Correio {
  enviar(m: Mensagem): Promise<void>;
}

/**
 * Mail goes out by SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/emails and logged, so password-reset links work on a machine without a mail server.
 */
export function criarCorreio(op: { smtpUrl?: string; remetente: string; dataDir: string; log: (msg: string) => void }): Correio {
  if (op.smtpUrl) {
    const transporte = nodemailer.createTransport(op.smtpUrl);
    return {
      async enviar(m) {
        await transporte.sendMail({ from: op.remetente, to: m.para, subject: m.assunto, text: m.texto, html: m.html });
      },
    };
  }
  const transporte = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pasta = path.join(op.dataDir, 'emails');
  return {
    async enviar(m) {
      const info = await transporte.sendMail({ from: op.remetente, to: m.para, subject: m.assunto, text: m.texto, html: m.html });
      await mkdir(pasta, { recursive: true });
      // A random part (before the address: readers match the name's end): two messages to one address in the same
      // millisecond (a batch of lead notices) are two files.
      const arquivo = path.join(
        pasta,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}-${m.para.replace(/[^\w.@-]/g, '_')}.eml`,
      );
      await writeFile(arquivo, info.message as Buffer);
      op.log(`E-mail para ${m.para} ("${m.assunto}") gravado em ${arquivo} (SMTP_URL não configurada)`);
    },
  };
}
