import { useState } from 'react';
import { accountMessages } from '../../../shared/messages';

/**
 * Props for a password field whose "show" toggle is shared with its siblings: a new password and
 * its repetition are shown or hidden together, and the toggle says which it will do.
 */
export function usePasswordVisibility() {
  const [isVisible, setIsVisible] = useState(false);
  return {
    visible: isVisible,
    onVisibilityChange: setIsVisible,
    visibilityToggleButtonProps: {
      'aria-label': isVisible ? accountMessages.hidePassword : accountMessages.showPassword,
    },
  };
}
