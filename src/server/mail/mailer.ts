import type { Transporter } from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../http/logger.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void>; outboxDir: string | undefined };

/**
 * Sends mail through SMTP_URL when set; otherwise writes each message as an .eml file
 * under DATA_DIR/mail/ and logs its links, so development and tests can read them.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): Mailer {
  const outboxDir = options.smtpUrl ? undefined : path.join(options.dataDir, 'mail');
  // nodemailer loads with the first message, not with the server.
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));

  return {
    outboxDir,
    async send(message) {
      const info = await (await transporter()).sendMail({ from: options.from, ...message });
      if (!outboxDir) {
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent');
        return;
      }
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${Date.now()}-${randomUUID()}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.logger.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written',
      );
    },
  };
}
