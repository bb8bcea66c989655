import Foundation
import Collections

/// A reusable widget.
public struct Widget: Hashable {
    /// The widget's name.
    public var name: String

    /// Creates a widget with a name.
    public init(name: String) { self.name = name }

    /// Renders the widget into a string, padded to a width.
    public func render(width: Int, _ fill: Character = " ") -> String { name }

    func helper() {}
}
