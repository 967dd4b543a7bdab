// Development SMS provider: writes each message to the log (the only place a code is ever logged).
import type { SmsSender } from '../core/smsPort';
import { maskPhone } from '../core/phone';

/** `plain`, when given, also receives each message as one readable line (the demo's start-up output). */
export function consoleSms(log: { info(obj: object, msg: string): void }, plain?: (line: string) => void): SmsSender {
  return {
    name: 'console',
    async send(to, body) {
      const line = `SMS to ${maskPhone(to)}: ${body}`;
      log.info({ sms: { to: maskPhone(to) } }, line);
      plain?.(`  ${line}`);
    },
  };
}
