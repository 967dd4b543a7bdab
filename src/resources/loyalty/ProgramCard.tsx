// A restaurant's loyalty program on the Loyalty page (GET / PUT /api/loyalty/programs/{restaurantId}): on or off,
// points per unit of the currency paid, the least receipt that earns, the days an idle balance lasts. Admins and
// managers change it (the declaration's `edit`); staff read it. A refusal naming a field (a rate over 100, a
// negative spend) is said under that field, in the admin's language.
import { Alert, Box, Button, Card, CardContent, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { LoyaltyProgram } from '../../contract/loyalty';
import type { SpecterDataProvider } from '../../admin/data';
import { useAllows } from '../../admin/access/useAllows';
import { serverReason, useServerMessage } from '../../admin/feedback/serverTexts';

type Field = 'points_per_unit' | 'min_spend' | 'expiry_days';
const FIELDS: Field[] = ['points_per_unit', 'min_spend', 'expiry_days'];

export function ProgramCard({ restaurantId }: { restaurantId: string | undefined }) {
  const t = useTranslate();
  const p = (k: string) => t(`resources.loyalty.program.${k}`);
  const dp = useDataProvider<SpecterDataProvider>();
  const mayEdit = useAllows('loyalty', 'edit');
  const notify = useNotify();
  const say = useServerMessage();
  const [program, setProgram] = useState<LoyaltyProgram | null>(null);
  const [values, setValues] = useState<Record<Field, string>>({ points_per_unit: '', min_spend: '', expiry_days: '' });
  const [enabled, setEnabled] = useState(false);
  const [failed, setFailed] = useState<{ field: Field | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setProgram(null);
    setFailed(null);
    if (!restaurantId) return;
    dp.getLoyaltyProgram(restaurantId).then(
      (got) => {
        if (!live) return;
        setProgram(got);
        setEnabled(got.enabled);
        setValues({
          points_per_unit: String(got.points_per_unit),
          min_spend: String(got.min_spend),
          expiry_days: String(got.expiry_days),
        });
      },
      (err) => live && setFailed({ field: null, text: say(err) }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the restaurant is the program's identity
  }, [dp, restaurantId]);

  if (!restaurantId)
    return (
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {p('title')}
          </Typography>
          <Typography color="text.secondary">{p('choose')}</Typography>
        </CardContent>
      </Card>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      const saved = await dp.putLoyaltyProgram(restaurantId, {
        enabled,
        points_per_unit: Number(values.points_per_unit),
        min_spend: Number(values.min_spend),
        expiry_days: Number(values.expiry_days),
      });
      setProgram(saved);
      notify(p('saved'), { type: 'success' });
    } catch (err) {
      const field = /^(\w+): /.exec(serverReason(err) ?? '')?.[1] as Field | undefined;
      setFailed({ field: field && FIELDS.includes(field) ? field : null, text: say(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <CardContent component="form" onSubmit={submit} noValidate aria-label={p('title')}>
        <Typography variant="h6" component="h2">
          {p('title')}
        </Typography>
        {!mayEdit && program && <Alert severity="info">{p('readOnly')}</Alert>}
        {failed && !failed.field && (
          <Alert severity="error" role="alert">
            {failed.text}
          </Alert>
        )}
        {program && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1, maxWidth: 480 }}>
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} disabled={!mayEdit} />}
              label={p('enabled')}
            />
            {FIELDS.map((f) => (
              <TextField
                key={f}
                label={p(f)}
                value={values[f]}
                onChange={(e) => setValues({ ...values, [f]: e.target.value })}
                error={failed?.field === f}
                helperText={failed?.field === f ? failed.text : p(`${f}_help`)}
                disabled={!mayEdit}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
              />
            ))}
            {mayEdit && (
              <Box>
                <Button type="submit" variant="contained" disabled={busy}>
                  {p('save')}
                </Button>
              </Box>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
