export { AgentChat, type AgentChatProps } from './AgentChat';
