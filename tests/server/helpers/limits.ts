// The code limits (docs/SECURITY.md) opened wide, for suites that save many receipts from one address and are
// about something else than the limits themselves; otpLimits.test.ts and loginLimits.test.ts test the real ones.
export const GENEROUS_CODE_LIMITS = {
  OTP_IP_SENDS_PER_10M: '1000',
  OTP_IP_SENDS_PER_DAY: '1000',
  OTP_IP_CHECKS_PER_10M: '1000',
  OTP_SIGNIN_IP_SENDS_PER_10M: '1000',
  OTP_SENDS_PER_15M: '100',
  OTP_SENDS_PER_HOUR: '100',
  OTP_SENDS_PER_DAY: '100',
  OTP_RESEND_SECONDS: '0',
  OTP_PHONE_FAILURES_PER_DAY: '1000',
  // A till's view and claim limits (issue 29): every last-order, code and save call of a till counts.
  TILL_VIEWS_PER_ADDRESS_10M: '1000',
  TILL_VIEWS_PER_TILL_MINUTE: '1000',
  TILL_CLAIMS_PER_ADDRESS_10M: '1000',
  TILL_CLAIMS_PER_TILL_MINUTE: '1000',
} as const;
