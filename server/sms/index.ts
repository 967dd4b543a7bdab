import type { Config } from '../config';
import { consoleSms } from './console';
import type { SmsSender } from '../core/smsPort';
import { twilioSms } from './twilio';
import { unifonicSms } from './unifonic';

export const SMS_PROVIDER_NEEDED =
  'SMS_PROVIDER is not set: on a real database (DATABASE_URL) set SMS_PROVIDER=twilio or unifonic, ' +
  'or SMS_PROVIDER=console to print the codes to the log on purpose.';

/**
 * The SMS provider chosen by SMS_PROVIDER. Unset, it is the console provider on the embedded database only:
 * a deployment on a real database must name its provider (docs/DEPLOYMENT.md "Safe defaults"). The console
 * provider refuses to run in production.
 */
export function createSmsSender(
  config: Config,
  log: { info(obj: object, msg: string): void },
  opts: { plainLines?: boolean } = {},
): SmsSender {
  if (!config.SMS_PROVIDER && config.DATABASE_URL) throw new Error(SMS_PROVIDER_NEEDED);
  switch (config.SMS_PROVIDER) {
    case 'twilio':
      return twilioSms(config);
    case 'unifonic':
      return unifonicSms(config);
    default:
      if (config.NODE_ENV === 'production') {
        throw new Error(
          'SMS_PROVIDER=console prints codes to the log and is refused in production: set SMS_PROVIDER=twilio or unifonic',
        );
      }
      return consoleSms(log, opts.plainLines ? (line) => process.stdout.write(`${line}\n`) : undefined);
  }
}
