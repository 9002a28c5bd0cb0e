/// A Markdown table with padded columns, readable in a terminal and ready to
/// paste into a README. The first column is left-aligned, the others right-aligned.
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  func render() -> String {
    let all = [header] + rows
    var widths = Array(repeating: 0, count: header.count)
    for row in all {
      for (column, cell) in row.enumerated() where column < widths.count {
        widths[column] = max(widths[column], cell.count)
      }
    }
    func line(_ cells: [String]) -> String {
      var padded: [String] = []
      for (column, width) in widths.enumerated() {
        let cell = column < cells.count ? cells[column] : ""
        let padding = String(repeating: " ", count: max(0, width - cell.count))
        padded.append(column == 0 ? cell + padding : padding + cell)
      }
      return "| " + padded.joined(separator: " | ") + " |"
    }
    let rule = widths.enumerated().map { column, width in
      column == 0
        ? String(repeating: "-", count: width) : String(repeating: "-", count: width - 1) + ":"
    }
    return ([line(header), "| " + rule.joined(separator: " | ") + " |"] + rows.map(line))
      .joined(separator: "\n")
  }
}
