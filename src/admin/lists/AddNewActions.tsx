// The list toolbar's 'Add New' button, linking to the spec's add path (not react-admin's /create).
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { TopToolbar, useTranslate } from 'react-admin';

export function AddNewActions({ to, label }: { to: string; label: string }) {
  const t = useTranslate();
  return (
    <TopToolbar>
      <Button component={Link} to={to} variant="contained" startIcon={<AddIcon />}>
        {t(label)}
      </Button>
    </TopToolbar>
  );
}
