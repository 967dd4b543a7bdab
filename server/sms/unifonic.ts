// Unifonic: POST /rest/SMS/messages with AppSid, SenderID, Recipient (digits only), Body. Some failures
// arrive as 200 with success false, so success is read from the body.
import type { Config } from '../config';
import { codeOnly, postForm } from './http';
import { SmsError, type SmsSender } from '../core/smsPort';

export function unifonicSms(config: Config): SmsSender {
  if (!config.UNIFONIC_APP_SID) throw new Error('SMS_PROVIDER=unifonic needs UNIFONIC_APP_SID');
  const url = `${config.UNIFONIC_BASE_URL.replace(/\/+$/, '')}/rest/SMS/messages`;
  return {
    name: 'unifonic',
    async send(to, body) {
      const form: Record<string, string> = {
        AppSid: config.UNIFONIC_APP_SID!,
        Recipient: to.replace(/\D/g, ''),
        Body: body,
      };
      if (config.UNIFONIC_SENDER_ID) form.SenderID = config.UNIFONIC_SENDER_ID;
      const res = await postForm(url, form, config.SMS_TIMEOUT_MS);
      const ok = res.body.success === true || res.body.success === 'true';
      // Unifonic's error code only (e.g. ER-08): its message can name the number.
      if (res.status !== 200 || !ok) {
        const code = `${res.status}/${codeOnly(res.body.errorCode)}`;
        throw new SmsError(code, `Unifonic ${code}`);
      }
    },
  };
}
