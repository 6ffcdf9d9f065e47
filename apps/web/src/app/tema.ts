import {
  type CSSVariablesResolver,
  createTheme,
  type DrawerProps,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
  type PasswordInputProps,
  parseThemeColor,
  type TableScrollContainerProps,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Default props per component, typed like `X.extend` but without importing the components themselves: the theme is
 * on the sign-in page, and importing Menu, Modal or Drawer here would put them (and their positioning and
 * scroll-lock libraries) in its download (issue 15: first-load budget).
 */
const padrao = <P>(defaultProps: Partial<P>) => ({ defaultProps });

/**
 * The product's own colour: a deep petrol blue (shade 8 is the filled colour; white on it is 7.9:1).
 * Every text shade used on white (6 to 9) stays above WCAG AA's 4.5:1.
 */
const intermedio: MantineColorsTuple = [
  '#e7f3f8',
  '#cfe5ee',
  '#a0cadd',
  '#6dadcb',
  '#4596bc',
  '#2b87b2',
  '#1b6f96',
  '#145d7f',
  '#0e4f6e',
  '#083e58',
];

/**
 * Mantine's light/subtle/outline variants write a colour's shade 9 on its pale tint: 3.6–3.8:1 for green, orange
 * and yellow badges and buttons. Text in those variants takes shade 9 darkened by 40% instead (5:1 or more);
 * the product colour already passes and keeps its own shade.
 */
const TEXTO_SOBRE_TINTA = ['light', 'subtle', 'outline', 'transparent'];
const variantes: VariantColorsResolver = (entrada) => {
  const padrao = defaultVariantColorsResolver(entrada);
  const { theme, variant } = entrada;
  const cor = parseThemeColor({ color: entrada.color ?? theme.primaryColor, theme });
  if (!TEXTO_SOBRE_TINTA.includes(variant) || !cor.isThemeColor || cor.color === theme.primaryColor) return padrao;
  const texto = darken(theme.colors[cor.color]?.[9] ?? cor.value, 0.4);
  return { ...padrao, color: texto, hoverColor: texto, ...(variant === 'outline' ? { border: `1px solid ${texto}` } : {}) };
};

export const tema = createTheme({
  variantColorResolver: variantes,
  primaryColor: 'intermedio',
  colors: { intermedio },
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // Portuguese names for the icon-only buttons; the show-password toggle is reachable by Tab (aria-pressed tells its state).
  components: {
    PasswordInput: padrao<PasswordInputProps>({
      visibilityToggleFocusable: true,
      visibilityToggleButtonProps: { 'aria-label': 'Mostrar senha' },
    }),
    Modal: padrao<ModalProps>({ closeButtonProps: { 'aria-label': 'Fechar' } }),
    Drawer: padrao<DrawerProps>({ closeButtonProps: { 'aria-label': 'Fechar' } }),
    Notification: padrao<NotificationProps>({ closeButtonProps: { 'aria-label': 'Fechar aviso' } }),
    // The focus placeholder is a role=presentation child of role=menu, which ARIA does not allow.
    Menu: padrao<MenuProps>({ withInitialFocusPlaceholder: false }),
    // A table wider than a phone scrolls sideways inside its own box, which keyboard users must be able to focus.
    TableScrollContainer: padrao<TableScrollContainerProps>({ type: 'native', tabIndex: 0 }),
  },
});

/**
 * Mantine's defaults for error text (red 6, 3.3:1), dimmed text (gray 6, 3.3:1) and placeholders fail WCAG AA on white;
 * these pass (red 9 5.5:1, gray 7 8:1).
 */
export const variaveisCss: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders drawn as elements (FileInput, Select) are checked like text: #6a737b is 4.8:1.
    '--mantine-color-placeholder': '#6a737b',
  },
  dark: {},
});
