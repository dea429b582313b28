import { TextField, type TextFieldProps } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import type { AccountFormValues } from '../lib/account-form.ts';

type Props = Omit<TextFieldProps, 'name'> & {
  name: keyof AccountFormValues;
  control: Control<AccountFormValues>;
  /** Called after a change the user made (not after a preset filled the field). */
  onUserChange?: () => void;
};

/**
 * A controlled field: presets fill these with setValue, and an uncontrolled MUI field would not
 * notice, leaving its label over the new value.
 */
export function FormTextField({ name, control, onUserChange, helperText, ...props }: Props) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helperText}
          onChange={(event) => {
            field.onChange(event);
            onUserChange?.();
          }}
        />
      )}
    />
  );
}
