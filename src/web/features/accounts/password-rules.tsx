import { Text } from '@mantine/core';
import { accountMessages } from '../../../shared/messages';
import { checkPassword, type PasswordChecks } from '../../../shared/rules';

const rules = (): Array<[keyof PasswordChecks, string]> => [
  ['length', accountMessages.ruleLength],
  ['uppercase', accountMessages.ruleUppercase],
  ['lowercase', accountMessages.ruleLowercase],
  ['digit', accountMessages.ruleDigit],
  ['special', accountMessages.ruleSpecial],
];

/** The strength rule as a checklist that ticks off as the person types. */
export function PasswordRules({ password, id }: { password: string; id: string }) {
  const checks = checkPassword(password);
  return (
    <div id={id}>
      <Text size="sm" fw={600}>
        {accountMessages.passwordRulesTitle}
      </Text>
      <ul className="password-rules">
        {rules().map(([key, label]) => (
          <li key={key} className={checks[key] ? 'password-rules__met' : undefined}>
            <Text size="sm" component="span">
              {checks[key] ? '✓ ' : ''}
              {label}
              <span className="visually-hidden">{` (${checks[key] ? accountMessages.ruleMet : accountMessages.ruleNotMet})`}</span>
            </Text>
          </li>
        ))}
      </ul>
    </div>
  );
}
