// Development SMS provider: writes each message to the log (the only place a code is ever logged).
import type { SmsSender } from '../core/smsPort';
import { maskPhone } from '../core/phone';

export function consoleSms(log: { info(obj: object, msg: string): void }): SmsSender {
  return {
    name: 'console',
    async send(to, body) {
      log.info({ sms: { to: maskPhone(to) } }, `SMS to ${maskPhone(to)}: ${body}`);
    },
  };
}
