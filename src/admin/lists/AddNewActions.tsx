// The list toolbar's 'Add New' button, linking to the spec's add path (not react-admin's /create).
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { TopToolbar, useResourceContext, useTranslate } from 'react-admin';
import { useAllows } from '../access/useAllows';

export function AddNewActions({ to, label }: { to: string; label: string }) {
  const t = useTranslate();
  const allowed = useAllows(useResourceContext() ?? '', 'create');
  if (!allowed) return null;
  return (
    <TopToolbar>
      <Button component={Link} to={to} variant="contained" startIcon={<AddIcon />}>
        {t(label)}
      </Button>
    </TopToolbar>
  );
}
