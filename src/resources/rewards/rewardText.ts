// What a reward gives, said in the admin's language: "10 off", "15% off, at most 25", "1 free: p-3".
import { useLocaleState, useTranslate } from 'react-admin';
import type { Reward } from '../../contract/loyalty';

export function useRewardText() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  const num = (n: number | null) =>
    n === null ? '-' : n.toLocaleString(`${locale}-u-nu-latn`, { maximumFractionDigits: 2 });
  return (r: Pick<Reward, 'kind' | 'value' | 'max_discount' | 'product_ids'>) =>
    t(`resources.rewards.what.${r.kind}`, {
      value: num(r.value),
      cap: num(r.max_discount),
      products: r.product_ids.join(', '),
    });
}
