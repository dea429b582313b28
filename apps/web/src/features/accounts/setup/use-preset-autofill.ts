import { useRef, useState } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import type { ProviderPreset } from '../../../api/accounts.ts';
import type { AccountFormValues } from '../lib/account-form.ts';
import type { ProviderChoiceValue } from './ProviderChoice.tsx';

/** The preset each provider tile stands for (keys of GET /api/accounts/presets/). */
const TILE_PRESET: Partial<Record<ProviderChoiceValue, string>> = {
  google: 'gmail',
  microsoft: 'outlook',
  yahoo: 'yahoo',
};

export type AutofillSource = { kind: 'preset'; label: string } | { kind: 'guess' } | null;

export const domainOf = (email: string) => email.split('@')[1]?.trim().toLowerCase() ?? '';

export function presetForEmail(email: string, presets: ProviderPreset[]) {
  const domain = domainOf(email);
  return domain ? presets.find((preset) => preset.domains.includes(domain)) : undefined;
}

export function tilePreset(provider: ProviderChoiceValue, presets: ProviderPreset[]) {
  const key = TILE_PRESET[provider];
  return key ? presets.find((preset) => preset.key === key) : undefined;
}

export function presetValues(preset: ProviderPreset): Partial<AccountFormValues> {
  return {
    imap_server: preset.imap.host,
    imap_port: String(preset.imap.port),
    imap_security: preset.imap.security,
    smtp_server: preset.smtp.host,
    smtp_port: String(preset.smtp.port),
    smtp_security: preset.smtp.security,
  };
}

// A plausible domain: labels and a top-level part of at least two letters.
const COMPLETE_DOMAIN = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/;

/**
 * Fills the server settings from the address as the user types it, the way Thunderbird does:
 * a known provider's preset, otherwise (for "Anderer Anbieter") imap./smtp. of the domain. Once
 * the user edits a server field by hand, their values are left alone.
 */
export function usePresetAutofill(options: {
  enabled: boolean;
  provider: ProviderChoiceValue;
  presets: ProviderPreset[];
  setValue: UseFormSetValue<AccountFormValues>;
  initial: AutofillSource;
}) {
  const { enabled, provider, presets, setValue } = options;
  const [source, setSource] = useState<AutofillSource>(options.initial);
  const edited = useRef(false);

  const fill = (values: Partial<AccountFormValues>) => {
    for (const [field, value] of Object.entries(values))
      setValue(field as keyof AccountFormValues, value, { shouldDirty: true });
  };

  const onEmailChange = (email: string) => {
    if (!enabled || edited.current) return;
    const preset = presetForEmail(email, presets);
    if (preset) {
      fill(presetValues(preset));
      setSource({ kind: 'preset', label: preset.label });
      return;
    }
    // Google and Microsoft tiles keep their servers for custom domains (Workspace, Microsoft 365).
    if (provider !== 'imap') return;
    const domain = domainOf(email);
    if (!COMPLETE_DOMAIN.test(domain)) return;
    fill({
      imap_server: `imap.${domain}`,
      imap_port: '993',
      imap_security: 'ssl',
      smtp_server: `smtp.${domain}`,
      smtp_port: '587',
      smtp_security: 'starttls',
    });
    setSource({ kind: 'guess' });
  };

  // Hand-made settings are no longer "the preset's", so its note goes.
  const markEdited = () => {
    edited.current = true;
    setSource(null);
  };

  return { source, onEmailChange, markEdited };
}
