// /rewards/edit/{id}: a reward's names, cost, kind, value, cap, products and whether it is on offer (its code and
// restaurant stay); success and Cancel go to /rewards. Another restaurant's reward: the server answers 404.
import { useNavigate, useParams } from 'react-router-dom';
import { Edit, useTranslate } from 'react-admin';
import { RewardForm } from './RewardForm';

export function RewardEdit() {
  const t = useTranslate();
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <Edit
      resource="rewards"
      id={id}
      title={t('resources.rewards.editTitle')}
      redirect="/rewards"
      mutationMode="pessimistic"
    >
      <RewardForm adding={false} onCancel={() => navigate('/rewards')} />
    </Edit>
  );
}
