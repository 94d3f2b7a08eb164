import PickerSources
import PickerStore

/// What the event loop draws on and reads keys from: the full screen (``Terminal``, through
/// ncurses) or a few lines below the cursor (``InlineScreen``, through terminfo). Both paint
/// the same ``Frame``; only where and how differ.
protocol PickerScreen: AnyObject {
    /// The descriptors that become readable when input arrives.
    var inputDescriptors: [Int32] { get }
    /// The size the frame is drawn for.
    var size: TerminalSize { get }
    /// The next input waiting, if any; keys that mean nothing to the picker are skipped.
    func readInput() -> ScreenInput?
    /// Gives the terminal back and stops the job, as Ctrl-Z does; returns after `fg`.
    func suspend()
    /// Paints `frame` and shows it.
    func draw(_ frame: Frame)
    /// What standard error says once the terminal is given back about the terminal type drawn
    /// with, when it is a stand-in for `$TERM` (``TerminalType/note``); nil otherwise.
    var terminalNote: String? { get }
}

/// One input from a screen.
enum ScreenInput: Equatable {
    case key(Key)
    /// The screen changed size; the frame is now drawn for this one.
    case resized(TerminalSize)
}

/// Runs `body` on the screen the options ask for, and restores the terminal on every way out:
/// with `height`, the inline area, unless it would take the whole terminal or the terminal
/// cannot tell where its cursor is, where the full screen is used instead.
func withScreen<Result>(
    device: String = "/dev/tty", height: InlineHeight?, mouse: Bool, color: Bool,
    _ body: (any PickerScreen) throws -> Result
) throws -> Result {
    if let height, let inline = InlineScreen.open(device: device, height: height, mouse: mouse, color: color) {
        defer { inline.close() }
        return try body(inline)
    }
    return try Terminal.with(device: device, mouse: mouse, color: color, body)
}

extension Terminal: PickerScreen {
    var inputDescriptors: [Int32] { [inputDescriptor] }

    var terminalNote: String? { type.note }
}
