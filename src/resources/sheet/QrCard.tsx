// One till's card on the printable sheet: logo, restaurant, branch and till names, a QR holding the plain
// invoice link, and the one-line instruction in Arabic and English (both on every card, whatever the
// back-office's language: the customer reads the card, not the admin).
import { Box, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { LogoImage } from '../restaurants/LogoImage';
import { QR_QUIET_ZONE } from '../../admin/qr/qrContent';

export interface QrCardProps {
  link: string;
  logo: string;
  restaurantName: string;
  branchName: string;
  tillName: string;
  labels: { branch: string; till: string; en: string; ar: string };
}

export function QrCard(p: QrCardProps) {
  return (
    <Box
      component="li"
      data-testid="qr-card"
      data-link={p.link}
      sx={{
        border: '1px solid',
        borderColor: 'grey.400',
        borderRadius: 2,
        p: 2,
        display: 'grid',
        justifyItems: 'center',
        gap: 1,
        textAlign: 'center',
        breakInside: 'avoid',
        pageBreakInside: 'avoid',
        bgcolor: '#fff',
        color: '#000',
      }}
    >
      <LogoImage src={p.logo} alt={p.restaurantName} size={56} />
      <Typography variant="h6" component="h2">
        {p.restaurantName}
      </Typography>
      <Typography variant="body2">
        {p.labels.branch}: {p.branchName} · {p.labels.till}: {p.tillName}
      </Typography>
      <QRCodeSVG
        value={p.link}
        size={200}
        level="M"
        marginSize={QR_QUIET_ZONE}
        role="img"
        aria-label={`QR ${p.tillName}`}
        data-testid="sheet-qr"
      />
      <Typography variant="body2" lang="ar" dir="rtl">
        {p.labels.ar}
      </Typography>
      <Typography variant="body2" lang="en" dir="ltr">
        {p.labels.en}
      </Typography>
    </Box>
  );
}
