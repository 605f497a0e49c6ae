// Mantine's stylesheets of components that the signed-in landing pages (the shell, /dashboard,
// /conversations and what they open) do not show, loaded with every other page (lazy-page.tsx):
// issue 39, /dashboard and /conversations on the wire. Building blocks first (ColorSwatch and
// ColorPicker before ColorInput). mantine-styles.test.ts fails when a landing page's component has
// its file here.
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/ThemeIcon.css';
