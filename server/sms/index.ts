import type { Config } from '../config';
import { consoleSms } from './console';
import type { SmsSender } from './port';
import { twilioSms } from './twilio';
import { unifonicSms } from './unifonic';

/** The SMS provider chosen by SMS_PROVIDER. The console provider refuses to run in production. */
export function createSmsSender(config: Config, log: { info(obj: object, msg: string): void }): SmsSender {
  switch (config.SMS_PROVIDER) {
    case 'twilio':
      return twilioSms(config);
    case 'unifonic':
      return unifonicSms(config);
    default:
      if (config.NODE_ENV === 'production') {
        throw new Error('SMS_PROVIDER=console prints codes to the log and is refused in production: set SMS_PROVIDER=twilio or unifonic');
      }
      return consoleSms(log);
  }
}
