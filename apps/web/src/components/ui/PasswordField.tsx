import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mdi } from './Mdi.tsx';

export const PasswordField = forwardRef<HTMLInputElement, TextFieldProps>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    const { t } = useTranslation();
    const label = visible ? t('common.hidePassword') : t('common.showPassword');
    return (
      <TextField
        {...props}
        inputRef={ref}
        type={visible ? 'text' : 'password'}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={label} onClick={() => setVisible((v) => !v)} edge="end">
                  <Mdi name={visible ? 'eye-off-outline' : 'eye-outline'} />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    );
  },
);
