// Mantine's stylesheets of the components the pages use besides those of mantine-boot.ts, loaded
// with every page but the sign-in page (lazy-page.tsx); those that no signed-in landing page
// (the shell, /dashboard, /conversations) shows are in mantine-more.ts, loaded with the others. Building blocks first (InlineInput,
// the indicators, ColorSwatch, Pill), as Mantine asks when its styles are imported per component.
// mantine-styles.test.ts fails when a component imported from @mantine/core has no file here or in
// mantine-boot.ts; the components a component is built from (Drawer: ModalBase, SegmentedControl:
// FloatingIndicator) need theirs too.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Tooltip.css';
