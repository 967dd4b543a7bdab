// Twilio Programmable Messaging: POST /2010-04-01/Accounts/{sid}/Messages.json, basic auth, 201 with sid.
import type { Config } from '../config';
import { codeOnly, postForm } from './http';
import { SmsError, type SmsSender } from '../core/smsPort';

export function twilioSms(config: Config): SmsSender {
  const sid = config.TWILIO_ACCOUNT_SID;
  const token = config.TWILIO_AUTH_TOKEN;
  if (!sid || !token || !(config.TWILIO_FROM || config.TWILIO_MESSAGING_SERVICE_SID)) {
    throw new Error(
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
    );
  }
  const url = `${config.TWILIO_BASE_URL.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, body) {
      const form: Record<string, string> = { To: to, Body: body };
      if (config.TWILIO_MESSAGING_SERVICE_SID) form.MessagingServiceSid = config.TWILIO_MESSAGING_SERVICE_SID;
      else form.From = config.TWILIO_FROM!;
      const res = await postForm(url, form, config.SMS_TIMEOUT_MS, { Authorization: auth });
      // Twilio's numeric error code only: its message names the number.
      if (res.status !== 201 && res.status !== 200) {
        const code = `${res.status}/${codeOnly(res.body.code)}`;
        throw new SmsError(code, `Twilio ${code}`);
      }
    },
  };
}
