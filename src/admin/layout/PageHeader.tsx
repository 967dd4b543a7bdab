// The one page header of the back-office's nested pages: Back (a link, so it opens in a new tab too), the
// page's title as its h1, and the page's own buttons at the end of the line.
import { Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export function PageHeader({
  backTo,
  title,
  className,
  sx,
  children,
}: {
  backTo: string;
  title: string;
  className?: string;
  /** Spacing where the page differs (the QR sheet sits flush with its own padding). */
  sx?: { mt?: number; mb?: number };
  /** Buttons placed at the end of the line. */
  children?: ReactNode;
}) {
  const t = useTranslate();
  return (
    <Box className={className} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2, ...sx }}>
      <Button component={Link} to={backTo} startIcon={<ArrowBackIcon />}>
        {t('specter.common.back')}
      </Button>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children && <Box sx={{ marginInlineStart: 'auto', display: 'flex', gap: 1 }}>{children}</Box>}
    </Box>
  );
}
