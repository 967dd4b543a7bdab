// A row's actions: side by side on a wide screen, behind one "Actions" menu button on a phone (narrower than MUI's
// `sm`, 600 px), as the restaurants list does (issue 49: the devices page's rows were 167-212 px tall at 390 px).
// The menu's content stays mounted while closed, so a dialog an action opened (Reprint's confirmation) and the
// hidden QR canvases outlive the menu.
import { Box, IconButton, Menu, useMediaQuery, type Theme } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useState, type ReactNode } from 'react';

export function FoldedActions({ label, children }: { label: string; children: ReactNode }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!narrow) return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>;
  return (
    <>
      <IconButton
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} keepMounted>
        <Box
          sx={{ px: 1, py: 0.5, maxWidth: 260, display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}
          onClick={() => setAnchor(null)}
        >
          {children}
        </Box>
      </Menu>
    </>
  );
}
