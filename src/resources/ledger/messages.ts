// The ledger's texts under react-admin's keys (resources.ledger.*), English then Arabic with the same keys.
import { PLACEHOLDER, SYSTEM_REASONS, type SystemReason } from '../../contract/ledgerReasons';

/** The system's reasons in English: the stored sentences themselves, their {values} as react-admin's %{values}. */
const englishReasons = Object.fromEntries(
  Object.entries(SYSTEM_REASONS).map(([id, text]) => [id, text.replace(PLACEHOLDER, '%{$1}')]),
) as Record<SystemReason, string>;

export const en = {
  name: 'Ledger',
  empty: 'No movements of points yet',
  fields: {
    at: 'Date and Time',
    restaurant_id: 'Restaurant',
    name: 'Member',
    phone: 'Phone',
    kind: 'Movement',
    points: 'Points',
    balance_after: 'Balance after',
    order_number: 'Order',
    reward_code: 'Reward',
    branch_id: 'Branch',
    user_id: 'Cashier',
    admin: 'By',
    reason: 'Reason',
    memberId: 'Member number',
    from: 'From',
    to: 'To',
  },
  kinds: {
    earn: 'Earned',
    redeem: 'Redeemed',
    'take-back': 'Taken back',
    'give-back': 'Given back',
    expire: 'Expired',
    adjust: 'Adjusted',
  },
  /** The reasons the system writes (src/contract/ledgerReasons.ts), said in the admin's language. */
  reasons: englishReasons,
  /** How an order stopped counting, inside a reason. */
  orderEnds: { void: 'void', returned: 'returned' },
};

export const ar: typeof en = {
  name: 'سجل النقاط',
  empty: 'لا توجد حركات نقاط بعد',
  fields: {
    at: 'التاريخ والوقت',
    restaurant_id: 'المطعم',
    name: 'العضو',
    phone: 'رقم الجوال',
    kind: 'الحركة',
    points: 'النقاط',
    balance_after: 'الرصيد بعدها',
    order_number: 'الطلب',
    reward_code: 'المكافأة',
    branch_id: 'الفرع',
    user_id: 'الكاشير',
    admin: 'بواسطة',
    reason: 'السبب',
    memberId: 'رقم العضو',
    from: 'من',
    to: 'إلى',
  },
  kinds: {
    earn: 'مكتسبة',
    redeem: 'مستبدلة',
    'take-back': 'مستردة',
    'give-back': 'معادة',
    expire: 'منتهية',
    adjust: 'معدلة',
  },
  reasons: {
    takenBack: 'الطلب %{how}: استُردت النقاط التي اكتسبها',
    takenBackShort: 'الطلب %{how}: اكتُسبت %{earned} نقطة واستُردت %{taken}؛ توقف الرصيد عند الصفر (لم تُسترد %{short})',
    givenBack: 'الطلب %{how}: أُعيدت المكافأة المستبدلة عليه',
    redeemedAtTill: 'استُبدلت عند الكاشير: خصم %{discount} من الطلب',
    expired: 'لا اكتساب ولا استبدال منذ %{days} يومًا: انتهت صلاحية الرصيد',
    leftProgram: 'غادر البرنامج (سُحبت الموافقة): سقط الرصيد',
  },
  orderEnds: { void: 'ملغى', returned: 'مرتجع' },
};
