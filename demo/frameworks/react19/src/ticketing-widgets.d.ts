// Types only: declares every ticketing-widgets tag in React's JSX.IntrinsicElements (attributes,
// properties and `on<event-name>` handlers with typed CustomEvent details). No runtime code.
import type {} from 'ticketing-widgets/react-jsx';
