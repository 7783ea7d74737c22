/**
 * The styles /login and the app's frame draw with, loaded up front: Mantine's base
 * and the stylesheets of the components the signed-out screens, the loaders, the notices and the
 * signed-in area's frame (drawn before the session answers) use, in the order of Mantine's
 * styles.css. Every other component's stylesheet comes with the first lazy page
 * (lazy-page-styles.ts); a component newly used before sign-in adds its file here.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
import './accessibility.css';
