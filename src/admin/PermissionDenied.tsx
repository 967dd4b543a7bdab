// Any unknown path (docs/PRODUCT.md, Screens): 'Permission Denied' and a Home button to /home.
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';

export function PermissionDenied() {
  const t = useTranslate();
  return (
    <Box sx={{ p: 6, textAlign: 'center' }}>
      <Title title={t('specter.notFound.text')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('specter.notFound.text')}
      </Typography>
      <Button component={Link} to="/home" variant="contained">
        {t('specter.notFound.home')}
      </Button>
    </Box>
  );
}
