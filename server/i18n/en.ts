// Every message a customer can read from the public calls, in English: the invoice page, My receipts and
// Delete my data (docs/CUSTOMER.md). The Arabic catalogue (ar.ts) has the same keys; a test holds them
// together. A text here is what the customer reads: plain sentences, never a validation library's wording.
// {name} marks a value filled in when the message is made.
export const en = {
  // The receipt of a till
  restaurantNotFound: 'Restaurant not found',
  deviceNotInRestaurant: 'This device does not belong to the restaurant',
  noOrderYet: 'There is no order on this device yet',
  noRecentOrder: 'No recent order on this till',
  alreadySaved: 'This invoice has already been saved',
  noLongerAvailable: 'This order is no longer available to save',
  otherTill: 'This order was not taken on this till',
  invoiceSaved: 'Your invoice has been saved',
  // The point-of-sale system
  posNotConnected: 'No point-of-sale connection for system type {type}',
  posTimeout: 'The point-of-sale system did not answer in time, please try again',
  posUnreachable: 'The point-of-sale system cannot be reached, please try again shortly',
  posUnauthorised: "The restaurant's point-of-sale connection is not authorised; the restaurant must renew its token",
  posBusy: 'The point-of-sale system is busy, please try again shortly',
  posNotFound: 'Not found at the point-of-sale system',
  posFailed: 'The point-of-sale system answered with an error, please try again shortly',
  posUnreadable: 'The point-of-sale system sent an answer we could not read',
  // One-time codes and their limits
  codeSent: 'The code has been sent',
  codeStillLive: 'Your code is still valid: enter the code we sent',
  wrongCode: 'The code is wrong or has expired, please ask for a new one',
  phoneLocked: 'This number is locked after too many wrong codes, please contact us',
  tooManyAttempts: 'Too many attempts, please try again later',
  tooManyCodes: 'You asked for several codes; try again in {wait}',
  busyHere: 'Many codes were asked for here; try again in {wait}',
  noLongerSaveable: 'This receipt can no longer be saved: its time ends before another code could be sent',
  waitBeforeResend: 'Please wait a moment before asking for a new code',
  smsPaused: 'We cannot send codes right now, please try again later',
  smsFailed: 'We could not send the code, please try again',
  // Plain sentences for input the page sent wrong
  invalidPhone: 'Enter a valid mobile number',
  enterCode: 'Enter the 4-digit code we sent you',
  badReceiptLink: 'This receipt link is not complete, please scan the QR code on the till again',
  badInput: 'Some of the details sent are not valid, please reload the page and try again',
  // The service itself
  serviceUnavailable: 'The service is temporarily unavailable, please try again shortly',
  serverError: 'Something went wrong on our side',
  // My receipts and Delete my data
  signInRequired: 'Please sign in with your phone number to see your receipts',
  receiptNotFound: 'Receipt not found',
  signedOut: 'You have signed out',
  consentWithdrawn: '{restaurant} no longer knows you as a guest',
  consentNotFound: 'You have not let this restaurant know you as a guest',
  dataDeleted: 'Your data has been deleted: your account and {receipts}',
  codeSms: 'Your Specter code is {code}. It expires in {minutes} minutes. Do not share it.',
  dataDeletedSms: 'Specter: as you asked, your account and {receipts} have been deleted.',
  // Loyalty (issue 47): the customer's rewards
  rewardsJoined: "You joined {restaurant}'s rewards. Points earned: {points}. Your balance: {balance}",
  noRewardsProgram: 'This restaurant has no rewards program',
  leftRewards: '{restaurant} no longer knows you as a guest, and you left its rewards (points lost: {points})',
  // Loyalty at the till: what Foodics' POS shows the cashier
  tillUnknownBusiness: 'This Foodics business is not connected to Specter rewards',
  tillNotMember: 'This customer is not a member of the rewards program',
  tillUnknownReward: 'This reward does not exist or is no longer offered',
  tillCannotAfford: 'The customer does not have enough points for this reward',
  tillNothingAffordable: 'The customer does not have enough points for a reward yet',
  tillNotEnoughPoints: 'Not enough points',
  tillBadToken: 'The loyalty token is missing or wrong',
  // Said after a limit's message: how long to wait
  retryIn: '{message} (try again in {wait})',
} as const;

export type MessageKey = keyof typeof en;
