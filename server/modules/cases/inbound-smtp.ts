import { SMTPServer } from 'smtp-server';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';
import { caseFollowKey } from './case-follow-links.ts';
import { caseReplySettings } from './case-replies.ts';
import { receiveCaseReply } from './inbound-mail.service.ts';

export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/**
 * The SMTP listener for replies to case e-mails (INBOUND_SMTP_PORT; off when unset). It takes
 * mail for delivery here only, never relays, and answers during the conversation: a reply it
 * cannot take is refused with 550 and the reason, so the sending server bounces it to its
 * sender (no bounce of our own to a possibly forged address).
 */
export async function startInboundSmtp(
  config: PortalConfig,
  database: PortalDatabase,
  log: { error(line: string): void },
  clock: Clock = systemClock,
): Promise<InboundSmtp | undefined> {
  const port = config.caseMail.smtpPort;
  if (port === undefined) return undefined;
  const replies = caseReplySettings(config);
  const followKey = caseFollowKey(config);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: BODY_LIMITS.inboundMail,
    banner: `${config.brand} support case replies`,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('The message is too large.'), { responseCode: 552 }));
          return;
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const context = {
          db: database.db,
          siteUrl: config.siteUrl,
          attachmentsDir: config.caseAttachmentsDir,
          now: clock.now(),
          replies,
          followKey,
        };
        receiveCaseReply(context, Buffer.concat(chunks), recipients).then(
          (result) => {
            if (result.outcome !== 'refused') return callback();
            callback(Object.assign(new Error(result.reason), { responseCode: 550 }));
          },
          (error: unknown) => {
            log.error(`Inbound case mail failed: ${String(error)}`);
            callback(Object.assign(new Error('Try again later.'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => log.error(`Inbound SMTP: ${error.message}`));
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
