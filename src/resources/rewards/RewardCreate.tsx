// /rewards/add: a new reward of one of the caller's restaurants; success and Cancel go to /rewards.
import { useNavigate } from 'react-router-dom';
import { Create, useTranslate } from 'react-admin';
import { RewardForm } from './RewardForm';

export function RewardCreate() {
  const t = useTranslate();
  const navigate = useNavigate();
  return (
    <Create
      resource="rewards"
      title={t('resources.rewards.addTitle')}
      redirect="/rewards"
      record={{ kind: 'amount', active: true }}
    >
      <RewardForm adding onCancel={() => navigate('/rewards')} />
    </Create>
  );
}
